package cudalib

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// writeLib writes a minimal x86-64 ELF shared library to dir/name whose
// only content is a dynamic section with the given NEEDED entries: enough
// for debug/elf, and for Check, which never opens a library.
func writeLib(t *testing.T, dir, name string, needed ...string) string {
	t.Helper()
	dynstr := []byte{0}
	var dyn []elf.Dyn64
	for _, n := range needed {
		dyn = append(dyn, elf.Dyn64{Tag: int64(elf.DT_NEEDED), Val: uint64(len(dynstr))})
		dynstr = append(append(dynstr, n...), 0)
	}
	dyn = append(dyn, elf.Dyn64{Tag: int64(elf.DT_NULL)})
	shstr := []byte("\x00.dynstr\x00.dynamic\x00.shstrtab\x00")
	align := func(n int) int { return (n + 7) &^ 7 }
	const ehsize, shentsize = 64, 64
	dynstrOff := ehsize
	dynOff := align(dynstrOff + len(dynstr))
	shstrOff := dynOff + 16*len(dyn)
	shOff := align(shstrOff + len(shstr))
	var b bytes.Buffer
	hdr := elf.Header64{Type: uint16(elf.ET_DYN), Machine: uint16(elf.EM_X86_64), Version: uint32(elf.EV_CURRENT),
		Shoff: uint64(shOff), Ehsize: ehsize, Shentsize: shentsize, Shnum: 4, Shstrndx: 3}
	copy(hdr.Ident[:], elf.ELFMAG)
	hdr.Ident[elf.EI_CLASS], hdr.Ident[elf.EI_DATA], hdr.Ident[elf.EI_VERSION] = byte(elf.ELFCLASS64), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT)
	le := binary.LittleEndian
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(binary.Write(&b, le, hdr))
	b.Write(dynstr)
	b.Write(make([]byte, dynOff-b.Len()))
	must(binary.Write(&b, le, dyn))
	b.Write(shstr)
	b.Write(make([]byte, shOff-b.Len()))
	sections := []elf.Section64{
		{},
		{Name: 1, Type: uint32(elf.SHT_STRTAB), Off: uint64(dynstrOff), Size: uint64(len(dynstr)), Addralign: 1},
		{Name: 9, Type: uint32(elf.SHT_DYNAMIC), Off: uint64(dynOff), Size: uint64(16 * len(dyn)), Link: 1, Addralign: 8, Entsize: 16},
		{Name: 18, Type: uint32(elf.SHT_STRTAB), Off: uint64(shstrOff), Size: uint64(len(shstr)), Addralign: 1},
	}
	must(binary.Write(&b, le, sections))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	must(os.WriteFile(p, b.Bytes(), 0o644))
	return p
}

func TestWriteLibReadsBack(t *testing.T) {
	t.Parallel()
	p := writeLib(t, t.TempDir(), "libx.so", "liba.so.1", "libb.so.2")
	got, err := Needed(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != "liba.so.1" || got[1] != "libb.so.2" {
		t.Fatalf("Needed = %q", got)
	}
}
