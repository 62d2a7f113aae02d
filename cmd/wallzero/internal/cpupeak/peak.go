// Package cpupeak measures the floating-point peak of this machine's
// cores: a loop of independent fused multiply-adds on 256-bit vectors (AVX2
// and FMA) and, where the CPU has AVX-512, on 512-bit ones, the faster of
// the two being the ceiling that a network evaluation's GFLOP/s can be
// compared with. (Some cores run 512-bit FMAs at twice the 256-bit rate,
// others split them in two halves; only a measurement tells.)
package cpupeak

/*
#cgo CFLAGS: -O2
#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>

// fma_loop runs iters rounds of 12 independent 8-wide FMA chains: 12 x 8 x
// 2 = 192 floating-point operations per round. Twelve chains hide the FMA
// latency on two FMA ports.
__attribute__((target("avx2,fma")))
static float fma_loop(int64_t iters) {
	__m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
	__m256 c0 = _mm256_set1_ps(0.0f), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0;
	__m256 c6 = c0, c7 = c0, c8 = c0, c9 = c0, c10 = c0, c11 = c0;
	for (int64_t i = 0; i < iters; i++) {
		c0 = _mm256_fmadd_ps(a, c0, b); c1 = _mm256_fmadd_ps(a, c1, b);
		c2 = _mm256_fmadd_ps(a, c2, b); c3 = _mm256_fmadd_ps(a, c3, b);
		c4 = _mm256_fmadd_ps(a, c4, b); c5 = _mm256_fmadd_ps(a, c5, b);
		c6 = _mm256_fmadd_ps(a, c6, b); c7 = _mm256_fmadd_ps(a, c7, b);
		c8 = _mm256_fmadd_ps(a, c8, b); c9 = _mm256_fmadd_ps(a, c9, b);
		c10 = _mm256_fmadd_ps(a, c10, b); c11 = _mm256_fmadd_ps(a, c11, b);
	}
	__m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(c0, c1), _mm256_add_ps(c2, c3)),
		_mm256_add_ps(_mm256_add_ps(c4, c5), _mm256_add_ps(c6, c7)));
	s = _mm256_add_ps(s, _mm256_add_ps(_mm256_add_ps(c8, c9), _mm256_add_ps(c10, c11)));
	float out[8];
	_mm256_storeu_ps(out, s);
	return out[0];
}

// fma_loop512 is fma_loop on 16-wide vectors: 12 x 16 x 2 = 384
// floating-point operations per round.
__attribute__((target("avx512f")))
static float fma_loop512(int64_t iters) {
	__m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
	__m512 c0 = _mm512_set1_ps(0.0f), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0;
	__m512 c6 = c0, c7 = c0, c8 = c0, c9 = c0, c10 = c0, c11 = c0;
	for (int64_t i = 0; i < iters; i++) {
		c0 = _mm512_fmadd_ps(a, c0, b); c1 = _mm512_fmadd_ps(a, c1, b);
		c2 = _mm512_fmadd_ps(a, c2, b); c3 = _mm512_fmadd_ps(a, c3, b);
		c4 = _mm512_fmadd_ps(a, c4, b); c5 = _mm512_fmadd_ps(a, c5, b);
		c6 = _mm512_fmadd_ps(a, c6, b); c7 = _mm512_fmadd_ps(a, c7, b);
		c8 = _mm512_fmadd_ps(a, c8, b); c9 = _mm512_fmadd_ps(a, c9, b);
		c10 = _mm512_fmadd_ps(a, c10, b); c11 = _mm512_fmadd_ps(a, c11, b);
	}
	__m512 s = _mm512_add_ps(_mm512_add_ps(_mm512_add_ps(c0, c1), _mm512_add_ps(c2, c3)),
		_mm512_add_ps(_mm512_add_ps(c4, c5), _mm512_add_ps(c6, c7)));
	s = _mm512_add_ps(s, _mm512_add_ps(_mm512_add_ps(c8, c9), _mm512_add_ps(c10, c11)));
	return _mm512_reduce_add_ps(s);
}

static int has_avx2_fma(void) {
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

static int has_avx512f(void) {
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512f");
}

// run_loop runs the loop of the given vector width (256 or 512 bits).
static float run_loop(int width, int64_t iters) {
	return width == 512 ? fma_loop512(iters) : fma_loop(iters);
}
#else
static float run_loop(int width, int64_t iters) { return 0; }
static int has_avx2_fma(void) { return 0; }
static int has_avx512f(void) { return 0; }
#endif
*/
import "C"

import (
	"runtime"
	"slices"
	"sync"
	"time"
)

// flopsPerIter is the work of one round of the loop of vector width bits.
func flopsPerIter(bits int) float64 { return 12 * float64(bits/32) * 2 }

// Supported reports whether the peak loop can run here (x86-64 with AVX2
// and FMA).
func Supported() bool { return C.has_avx2_fma() != 0 }

// Widths returns the vector widths in bits whose loops can run here: 256
// where Supported, and 512 too with AVX-512.
func Widths() []int {
	switch {
	case !Supported():
		return nil
	case C.has_avx512f() != 0:
		return []int{256, 512}
	}
	return []int{256}
}

// Peak is the result of MeasureBest.
type Peak struct {
	// GFLOPS is the faster loop's figure (see MeasureWidth).
	GFLOPS float64
	// Bits is the vector width of that loop: 256 (AVX2) or 512 (AVX-512).
	Bits int
}

// MeasureBest runs MeasureWidth for every width of Widths and returns the
// fastest (zero when not Supported).
func MeasureBest(threads int, dur time.Duration) Peak {
	var best Peak
	for _, bits := range Widths() {
		if g := MeasureWidth(bits, threads, dur); g > best.GFLOPS {
			best = Peak{GFLOPS: g, Bits: bits}
		}
	}
	return best
}

// MeasureWidth runs the FMA loop of vector width bits (256 or 512, one of
// Widths) on threads OS threads at once for about dur and returns the sum
// over the threads of each one's GFLOP per second of its own CPU time (0
// for a width the CPU lacks): the peak of that many busy cores, which
// other processes sharing the machine do not lower. Use as many threads
// as the network's workers.
func MeasureWidth(bits, threads int, dur time.Duration) float64 {
	if !slices.Contains(Widths(), bits) || threads < 1 {
		return 0
	}
	// Calibrate one thread's rounds per second, then run about dur.
	const probe = 1 << 20
	start := time.Now()
	C.run_loop(C.int(bits), probe)
	iters := int64(float64(probe) * dur.Seconds() / max(time.Since(start).Seconds(), 1e-6))
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0.0
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0, err := ThreadCPUTime()
			C.run_loop(C.int(bits), C.int64_t(iters))
			t1, err2 := ThreadCPUTime()
			if err != nil || err2 != nil || t1 <= t0 {
				return
			}
			mu.Lock()
			total += float64(iters) * flopsPerIter(bits) / (t1 - t0).Seconds() / 1e9
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total
}
