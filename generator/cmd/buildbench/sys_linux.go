package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"
)

// watchPeakRSS follows the peak resident set of the running process pid
// (VmHWM of /proc/PID/status) until the returned func is called, which
// gives it in bytes, 0 when it could not be read.
//
// getrusage's ru_maxrss is no measure here: the child of a Go program
// starts sharing its parent's memory (os/exec clones with CLONE_VM until
// the exec), and Linux counts the parent's high-water mark into the
// child's ru_maxrss at the exec, so a child would report at least the
// memory of buildbench, which holds the floor's files.
func watchPeakRSS(pid int) func() int64 {
	path := fmt.Sprintf("/proc/%d/status", pid)
	done := make(chan struct{})
	result := make(chan int64)
	go func() {
		var peak int64
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, vmHWM(path))
			select {
			case <-done:
				result <- max(peak, vmHWM(path)) // the last look, as it stops
				return
			case <-tick.C:
			}
		}
	}()
	return func() int64 {
		close(done)
		return <-result
	}
}

// vmHWM reads the VmHWM line of a /proc status file, in bytes; 0 when
// there is none (the process has ended).
func vmHWM(path string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(data, []byte("\nVmHWM:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	kib, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(line), []byte(" kB"))), 10, 64)
	if err != nil {
		return 0
	}
	return kib * 1024
}

// settle writes every dirty page of the file system to disk, so that a
// measurement does not pay for the writes of the one before it.
func settle() { syscall.Sync() }
