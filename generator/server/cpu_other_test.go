//go:build !unix

package server

import "time"

// processCPU is 0: the process's CPU time is read on Unix only.
func processCPU() time.Duration { return 0 }
