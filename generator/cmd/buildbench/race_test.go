//go:build race && linux

package main

// The race detector's shadow memory swells every process it builds, so
// a child's peak says nothing of what it holds.
func init() { raceDetector = true }
