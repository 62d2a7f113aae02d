package cudalib

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// defaultDirs are the folders the dynamic linker searches after
// LD_LIBRARY_PATH and its cache, on x86-64 Debian, Ubuntu and Red Hat
// style systems.
var defaultDirs = []string{
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
	"/lib64", "/usr/lib64", "/lib", "/usr/lib",
}

// SplitPath splits a colon-separated list of folders, dropping empty
// entries and expanding those with glob patterns (e.g.
// ".../site-packages/nvidia/*/lib") into the folders they match.
func SplitPath(list string) []string {
	var dirs []string
	for _, d := range strings.Split(list, ":") {
		if d == "" {
			continue
		}
		if strings.ContainsAny(d, "*?[") {
			matches, err := filepath.Glob(d)
			if err == nil {
				dirs = append(dirs, matches...)
				continue
			}
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// SystemDirs returns the folders the dynamic linker searches by itself:
// LD_LIBRARY_PATH's, those listed in /etc/ld.so.conf (and the files it
// includes), then the default ones.
func SystemDirs() []string {
	dirs := SplitPath(os.Getenv("LD_LIBRARY_PATH"))
	dirs = append(dirs, confDirs("/etc/ld.so.conf", 0)...)
	return unique(append(dirs, defaultDirs...))
}

// unique returns dirs without repeats, each where it first came.
func unique(dirs []string) []string {
	seen := map[string]bool{}
	out := dirs[:0:0]
	for _, d := range dirs {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// confDirs reads the folders of an ld.so.conf file, following its
// "include" lines (glob patterns) up to a few levels deep.
func confDirs(path string, depth int) []string {
	f, err := os.Open(path)
	if err != nil || depth > 4 {
		return nil
	}
	defer f.Close()
	var dirs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if pattern, ok := strings.CutPrefix(line, "include"); ok && (pattern == "" || pattern[0] == ' ' || pattern[0] == '\t') {
			for _, p := range strings.Fields(pattern) {
				if !filepath.IsAbs(p) {
					p = filepath.Join(filepath.Dir(path), p)
				}
				matches, _ := filepath.Glob(p)
				for _, m := range matches {
					dirs = append(dirs, confDirs(m, depth+1)...)
				}
			}
			continue
		}
		if line != "" {
			dirs = append(dirs, line)
		}
	}
	return dirs
}
