// Package gameinput reads the games the commands are given: the rule
// flags the game subcommands share (RulesFlags), and a record or a move
// list from a file or standard input, replayed into an engine.Game.
package gameinput
