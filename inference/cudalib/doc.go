// Package cudalib finds the CUDA libraries that ONNX Runtime's CUDA
// execution provider needs before ONNX Runtime is asked for that provider,
// so that a machine without them gets an error naming the first missing
// library instead of the dynamic linker's message from deep inside ONNX
// Runtime.
//
// The check opens nothing: it reads the provider library's NEEDED entries
// with debug/elf and looks for each file in the folders given, in
// LD_LIBRARY_PATH and in the system's library folders. The libraries found
// only in the given folders are then opened by absolute path (Preload),
// dependencies first, before the provider is loaded: the dynamic linker
// matches a NEEDED name against the libraries already loaded, so the
// provider then finds them although their folders are not on the process's
// search path (LD_LIBRARY_PATH is read once, when a process starts, so
// setting it later would not help; re-executing the process with it set
// would restart a half-started server or a test binary).
package cudalib
