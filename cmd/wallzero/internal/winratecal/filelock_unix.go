//go:build unix

package winratecal

import (
	"errors"
	"os"
	"syscall"
)

// lockExclusive takes an exclusive advisory lock on f without waiting,
// so that two runs never append to one file at once; it fails when
// another process holds it.
func lockExclusive(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errors.New("another run is writing this file")
	}
	return err
}
