//go:build !linux

package main

// watchPeakRSS is not measured here: there is no /proc to read it from.
func watchPeakRSS(int) func() int64 { return func() int64 { return 0 } }

// settle does nothing here.
func settle() {}
