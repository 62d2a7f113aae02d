//go:build !linux || !cgo

package cudalib

import "errors"

// Preload is supported on Linux with cgo only (the CUDA provider is a
// Linux build here).
func Preload(paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	return errors.New("preloading the CUDA libraries needs Linux and cgo")
}
