package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// liveHeapTenths is how many times the largest live heap of a build so
// far its soft memory limit is, in tenths: the heap may grow by 0.7 of
// it in garbage before the collector runs. The cost of the collector
// follows the live heap over the room left. At 1.7 rather than 2, a
// 10,000-offer build (largest live heap 34–35 MB) peaks at 77–79 MiB
// instead of 88–90, its collector running 60 times instead of 40, for
// 0.4–0.5 s more of its CPU (0.7–0.9 s at 2; 7–8 s in all); the
// shipped catalog's (45 MB) at 88–92 MiB instead of 106–112, for 0.25 s
// more (README, Build speed).
const liveHeapTenths = 17

// minMemoryLimit is the least soft limit limitMemory sets: while a
// build's live heap is small (loading the catalog), a limit of a few
// times it would have the collector run every few megabytes allocated.
const minMemoryLimit = 56 << 20

// maxMemoryLimit is the largest soft limit limitMemory sets while the
// live heap leaves the collector room under it (leastRoom): a 100,000-
// offer build (largest live heap 270–300 MB) then peaks at 389 MiB,
// for 11–13% more user CPU than under twice its live heap (607–640
// MiB). Past some tens of thousands of offers the live data no longer
// grows as fast as the catalog (pages, twins and exports are made and
// written one at a time and let go of).
const maxMemoryLimit = 376 << 20

// leastRoom is, in fifths, the least soft limit over the live heap (the
// runtime's own memory besides): once that passes maxMemoryLimit (a live
// heap of about 300 MiB), the limit follows it up, so that a larger
// catalog still builds with room for garbage, without the collector
// running all the time (a limit under the live data took 39% of the CPU).
const leastRoom = 6

// buildGCPercent is the collector's GOGC for a build under a memory limit:
// the heap may grow to five times the live data between collections,
// the limit permitting. The limit, not GOGC, then bounds the peak.
const buildGCPercent = 400

// limitMemory gives a build a soft memory limit that follows its live
// heap: after each collection, 1.7 times (liveHeapTenths) the largest
// live heap yet plus the runtime's own memory, at least minMemoryLimit and at most
// maxMemoryLimit, but never less than leastRoom over the live heap; a
// GOMEMLIMIT that is set replaces it all. The peak of a build then
// falls with the data it holds, not with a guess from the size of its
// catalog. Left alone, Go's collector lets the heap grow to twice the
// live data between collections; near the limit it collects sooner
// instead. The limit is soft: a build that needs more still builds, with
// the collector capping its own share of the processors. Under the limit,
// the collector runs less often than Go's default (buildGCPercent) unless
// GOGC is set. stop ends the following (the limit stays as it is).
func limitMemory() (stop func()) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return func() {}
	}
	debug.SetMemoryLimit(memoryLimitFor(0, 0))
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(buildGCPercent)
	}
	l := &liveLimit{}
	l.arm()
	return func() {
		l.mu.Lock()
		l.stopped = true
		l.mu.Unlock()
	}
}

// liveLimit moves the memory limit after each collection (limitMemory).
type liveLimit struct {
	mu      sync.Mutex
	largest uint64 // the largest live heap yet
	stopped bool
}

// arm has follow run after the next collection: a finalizer runs once
// the collector finds its object unreachable.
func (l *liveLimit) arm() {
	o := new([16]byte)
	runtime.SetFinalizer(o, func(*[16]byte) { l.follow() })
}

// follow sets the limit from the live heap of the last collection.
func (l *liveLimit) follow() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped {
		return
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"}, {Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	// other is what the runtime holds besides the heap's spans: stacks,
	// the collector's own data, the profiler's.
	live, other := s[0].Value.Uint64(), s[1].Value.Uint64()
	for _, c := range s[2:] {
		other -= c.Value.Uint64()
	}
	l.largest = max(l.largest, live)
	debug.SetMemoryLimit(memoryLimitFor(l.largest, other))
	l.arm()
}

// memoryLimitFor is the soft limit of a build whose largest live heap
// yet is live bytes, and whose runtime holds other bytes besides the
// heap (stacks, the collector's own data).
func memoryLimitFor(live, other uint64) int64 {
	limit := min(max(minMemoryLimit, int64(other)+int64(live)*liveHeapTenths/10), maxMemoryLimit)
	return max(limit, int64(other)+int64(live)*leastRoom/5)
}
