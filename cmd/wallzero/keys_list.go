package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// keysList implements `wallzero keys list`: every key, revoked ones too,
// as a table.
func keysList(args []string, stdout, stderr io.Writer) error {
	st, rest, err := openKeysStore("list", args, stderr, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(rest) > 0 {
		return fmt.Errorf("unexpected arguments %q", rest)
	}
	keys, err := st.Keys(context.Background())
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tVISITS/S\tBURST\tMAX-JOBS\tMAX-BATCH\tCREATED\tREVOKED\tLAST-USED")
	for _, k := range keys {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name,
			quota(int64(k.Quotas.VisitsPerSecond)), quota(int64(k.Quotas.Burst)), quota(int64(k.Quotas.MaxJobs)), quota(k.Quotas.MaxBatch),
			timeCell(&k.CreatedAt), timeCell(k.RevokedAt), timeCell(k.LastUsedAt))
	}
	return tw.Flush()
}

// timeCell formats a time for the table ("-" for none).
func timeCell(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
