package main

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// raceDetector is set when the tests are built with -race.
var raceDetector bool

func TestWatchPeakRSSReadsTheChild(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's shadow memory hides the child's own peak")
	}
	if own := vmHWM("/proc/self/status"); own <= 0 {
		t.Fatalf("VmHWM of this process: %d, want > 0", own)
	}
	// A child that holds 64 MiB for a moment, started by a parent that
	// holds 192 MiB: the child's own peak, not its parent's.
	parent := make([]byte, 192<<20)
	for i := 0; i < len(parent); i += 4096 {
		parent[i] = 1
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BUILDBENCH_HOLD=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	peak := watchPeakRSS(cmd.Process.Pid)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if got := peak(); got < 64<<20 || got > 160<<20 {
		t.Errorf("peak of a child holding 64 MiB: %d bytes", got)
	}
	if cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss*1024 < 192<<20 {
		t.Log("ru_maxrss no longer counts the parent's memory into the child's")
	}
	runtime.KeepAlive(parent)
}

func TestMain(m *testing.M) {
	if os.Getenv("BUILDBENCH_HOLD") != "" {
		b := make([]byte, 64<<20)
		for i := range b {
			b[i] = 1
		}
		hold(b)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// hold keeps b resident for a while, for the parent to see.
func hold(b []byte) {
	deadline := time.Now().Add(200 * time.Millisecond)
	for time.Now().Before(deadline) {
		for i := 0; i < len(b); i += 4096 {
			b[i]++
		}
	}
}
