// Package explain extracts the facts behind a move from positions alone:
// what it changes in each player's one-turn reach (the paper's Figure 4),
// the regions it seals, the step distances of each side's stones to the
// contested squares (Figure 6), the stones that act as walls (Case II),
// whether it is a tempo move that changes nothing of value (section
// 4.5.2) and whether it leaves the opponent in a zugzwang-like position.
// From the facts it writes one or two plain-English sentences.
//
// It is pure: no search, no network. Win rates and counterfactual
// playouts are added by the service.
package explain
