//go:build !linux

package main

import "os"

// peakRSS is unknown here: getrusage's unit differs between systems.
func peakRSS(*os.ProcessState) int64 { return 0 }
