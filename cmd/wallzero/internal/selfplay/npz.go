package selfplay

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// npyArray is one array of an .npz file.
type npyArray struct {
	name  string
	dtype string // numpy descr, e.g. "|u1", "<f2", "<f4", "|i1"
	shape []int
	data  []byte // little-endian, C order
}

// writeNPZ writes arrays to path as a deflate-compressed .npz (a zip of
// .npy files, numpy's savez_compressed format), atomically: a temporary
// file renamed into place, so readers never see half a chunk.
func writeNPZ(path string, arrays []npyArray) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*.npz")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	zw := zip.NewWriter(tmp)
	for _, a := range arrays {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: a.name + ".npy", Method: zip.Deflate})
		if err != nil {
			return err
		}
		if err := writeNPY(w, a); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeNPY writes one array in .npy format version 1.0.
func writeNPY(w io.Writer, a npyArray) error {
	dims := make([]string, len(a.shape))
	for i, d := range a.shape {
		dims[i] = fmt.Sprint(d)
	}
	shape := strings.Join(dims, ", ")
	if len(a.shape) == 1 {
		shape += ","
	}
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", a.dtype, shape)
	// Pad so that magic(6)+version(2)+len(2)+header+\n is a multiple of 64.
	total := 10 + len(header) + 1
	header += strings.Repeat(" ", (64-total%64)%64) + "\n"
	var buf bytes.Buffer
	buf.WriteString("\x93NUMPY\x01\x00")
	buf.Write(binary.LittleEndian.AppendUint16(nil, uint16(len(header))))
	buf.WriteString(header)
	if _, err := w.Write(buf.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(a.data)
	return err
}

// float16 converts f to IEEE 754 half precision bits (round to nearest).
func float16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xFF) - 127 + 15
	mant := b & 0x7FFFFF
	switch {
	case exp >= 31:
		return sign | 0x7C00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		half := uint16(mant >> shift)
		if mant>>(shift-1)&1 != 0 {
			half++
		}
		return sign | half
	}
	half := sign | uint16(exp)<<10 | uint16(mant>>13)
	if mant&0x1000 != 0 {
		half++
	}
	return half
}
