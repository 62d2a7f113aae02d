//go:build linux && cgo

package cudalib

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>

static void *wz_dlopen_global(const char *path) {
	return dlopen(path, RTLD_NOW | RTLD_GLOBAL);
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// Preload opens each library by its path, in order, with its symbols made
// global, and keeps it open for the life of the process: a library loaded
// later whose NEEDED entry names one of them by soname gets this copy.
func Preload(paths []string) error {
	for _, p := range paths {
		cp := C.CString(p)
		h := C.wz_dlopen_global(cp)
		C.free(unsafe.Pointer(cp))
		if h == nil {
			return fmt.Errorf("opening %s: %s", p, C.GoString(C.dlerror()))
		}
	}
	return nil
}
