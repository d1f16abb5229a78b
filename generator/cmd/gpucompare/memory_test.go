package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestMemoryLimitForFollowsTheLiveHeap(t *testing.T) {
	for _, tc := range []struct {
		live, other uint64
		want        int64
	}{
		{0, 0, minMemoryLimit},
		{20 << 20, 8 << 20, minMemoryLimit},                       // loading: the least limit
		{40 << 20, 9 << 20, 9<<20 + 40<<20*liveHeapTenths/10},     // 10,000 offers
		{280 << 20, 20 << 20, maxMemoryLimit},                     // 100,000 offers
		{390 << 20, 20 << 20, 20<<20 + 390<<20*leastRoom/5},       // past the most: room left
		{100 << 20, 10 << 20, 10<<20 + 100<<20*liveHeapTenths/10}, // between
	} {
		if got := memoryLimitFor(tc.live, tc.other); got != tc.want {
			t.Errorf("memoryLimitFor(%d MiB live, %d MiB other) = %d MiB, want %d MiB", tc.live>>20, tc.other>>20, got>>20, tc.want>>20)
		}
	}
}

func TestLimitMemoryFollowsTheLiveHeap(t *testing.T) {
	for _, v := range []string{"GOMEMLIMIT", "GOGC"} {
		t.Setenv(v, "") // set, so that t.Setenv restores it; unset below
		os.Unsetenv(v)
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))

	stop := limitMemory()
	defer stop()
	if got := debug.SetMemoryLimit(-1); got != minMemoryLimit {
		t.Errorf("limit %d, want the least, %d", got, minMemoryLimit)
	}
	if got := debug.SetGCPercent(buildGCPercent); got != buildGCPercent {
		t.Errorf("GOGC unset: the collector's percent is %d, want %d", got, buildGCPercent)
	}
	// A live heap of 96 MiB: the limit rises to 1.7 times it and more
	// after the next collection (its finalizer runs on a goroutine of its
	// own).
	live := make([][]byte, 96)
	for i := range live {
		live[i] = make([]byte, 1<<20)
	}
	want := int64(96 << 20 * liveHeapTenths / 10)
	deadline := time.Now().Add(10 * time.Second)
	for debug.SetMemoryLimit(-1) < want && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if got := debug.SetMemoryLimit(-1); got < want || got > maxMemoryLimit {
		t.Errorf("live heap of 96 MiB: limit %d MiB, want at least %d MiB and at most %d MiB", got>>20, want>>20, maxMemoryLimit>>20)
	}
	runtime.KeepAlive(live)

	debug.SetGCPercent(100)
	t.Setenv("GOGC", "100")
	defer limitMemory()()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set: the collector's percent is %d, want it left alone", got)
	}
}

func TestLimitMemoryLeavesGOMEMLIMIT(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	t.Setenv("GOMEMLIMIT", "off")
	debug.SetMemoryLimit(math.MaxInt64)
	defer limitMemory()()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set: limit %d, want it left alone", got)
	}
}
