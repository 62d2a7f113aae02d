package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// writeWhole writes a file through a temporary file beside it, renamed
// into place once write has succeeded, so that a failed run leaves no
// half-written file. Errors name the flag that gave the path.
func writeWhole(path, flagName string, write func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s: %w", flagName, err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	if err := write(w); err != nil {
		tmp.Close()
		return fmt.Errorf("%s %s: %w", flagName, path, err)
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("%s %s: %w", flagName, path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("%s %s: %w", flagName, path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("%s: %w", flagName, err)
	}
	return nil
}
