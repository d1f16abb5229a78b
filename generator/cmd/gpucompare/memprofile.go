package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
)

// peakProfile keeps the heap profile of a build at its largest live heap:
// after each collection it reads the live heap, and when it is the largest
// yet, takes the heap profile (which describes the heap as of that
// collection). A profile written at the end of a build would show what is
// left, not what made the peak.
type peakProfile struct {
	mu      sync.Mutex
	peak    uint64
	profile bytes.Buffer
	stopped bool
}

// profilePeakHeap starts a peakProfile; its write stops it and writes the
// profile to a file.
func profilePeakHeap() *peakProfile {
	runtime.MemProfileRate = 64 << 10
	p := &peakProfile{}
	p.arm()
	return p
}

// arm has sample run after the next collection: a finalizer runs once the
// collector finds its object unreachable.
func (p *peakProfile) arm() {
	o := new([16]byte)
	runtime.SetFinalizer(o, func(*[16]byte) { go p.sample() })
}

func (p *peakProfile) sample() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if live := s[0].Value.Uint64(); live > p.peak {
		p.peak = live
		p.profile.Reset()
		pprof.Lookup("heap").WriteTo(&p.profile, 0)
	}
	p.arm()
}

// write stops p, writes the profile of the peak to path and says on
// stderr how large the live heap was at its peak.
func (p *peakProfile) write(path string, stderr io.Writer) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	if err := os.WriteFile(path, p.profile.Bytes(), 0o644); err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	fmt.Fprintf(stderr, "largest live heap: %.1f MB (profile in %s)\n", float64(p.peak)/1e6, path)
	return nil
}

// profileCPU starts a CPU profile written to path; stop ends it and
// closes the file.
func profileCPU(path string) (stop func() error, err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		return nil
	}, nil
}
