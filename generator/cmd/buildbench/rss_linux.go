package main

import (
	"os"
	"syscall"
)

// peakRSS is the peak resident set of a finished process in bytes
// (getrusage's ru_maxrss, which Linux gives in KiB).
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}
