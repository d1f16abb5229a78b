package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
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
	// The child says when it holds its memory, and holds it until its
	// input closes: the watch stops (with a last look) while it holds.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BUILDBENCH_HOLD=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	peak := watchPeakRSS(cmd.Process.Pid)
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatalf("the child never said it holds its memory: %v", err)
	}
	got := peak()
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if got < 64<<20 || got > 160<<20 {
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

// hold keeps b resident, says so on stdout, and holds it until stdin closes.
func hold(b []byte) {
	fmt.Println("holding")
	io.Copy(io.Discard, os.Stdin)
	runtime.KeepAlive(b)
}
