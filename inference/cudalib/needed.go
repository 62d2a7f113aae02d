package cudalib

import (
	"debug/elf"
	"fmt"
)

// Needed returns the NEEDED entries (the sonames of the libraries the
// dynamic linker loads with it) of the ELF shared library at path.
func Needed(path string) ([]string, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	names, err := f.DynString(elf.DT_NEEDED)
	if err != nil {
		return nil, fmt.Errorf("reading the NEEDED entries of %s: %w", path, err)
	}
	return names, nil
}
