//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// setProcessHooks sets the test hooks a test process asks for in its
// environment.
func setProcessHooks() {
	if os.Getenv("GPUCOMPARE_TEST_TERM_BEFORE_RENAME") == "1" {
		// The process terminates itself with the new file's copy complete
		// but not yet in place, and goes on once the signal has arrived.
		beforeRename = func(signals chan os.Signal) {
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
			for len(signals) == 0 {
				runtime.Gosched()
			}
		}
	}
}

// TestImportTerminatedWhileWriting sends SIGTERM to an import process
// while it writes the price file: the file is written whole, no temporary
// file is left, and the import says it was stopped (exit 1), not killed.
func TestImportTerminatedWhileWriting(t *testing.T) {
	root := importRoot(t)
	cmd := exec.Command(os.Args[0], importArgs(root, "pcie.csv")...)
	cmd.Env = append(os.Environ(), "GPUCOMPARE_TEST_RUN=1", "GPUCOMPARE_TEST_TERM_BEFORE_RENAME=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "terminated once every file was written") {
		t.Errorf("import: %v, want exit 1 after the write, not killed\n%s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(root, "data/prices/lambda.yaml"))
	if !strings.Contains(string(data), "amount: 2.49") {
		t.Errorf("the price file lacks the new point:\n%s", data)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "data/prices"))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("data/prices holds %s after a terminated import", e.Name())
		}
	}
}

// TestConcurrentImportProcessesKeepEveryPoint runs two import processes
// into one price file at once: the lock is the kernel's, so each waits for
// the other and the file keeps both points.
func TestConcurrentImportProcessesKeepEveryPoint(t *testing.T) {
	root := importRoot(t)
	var cmds []*exec.Cmd
	var outs []*strings.Builder
	for _, file := range []string{"pcie.csv", "sxm5.csv"} {
		cmd := exec.Command(os.Args[0], importArgs(root, file)...)
		cmd.Env = append(os.Environ(), "GPUCOMPARE_TEST_RUN=1")
		out := &strings.Builder{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil || !strings.Contains(outs[i].String(), "wrote data/prices/lambda.yaml") {
			t.Fatalf("import %d: %v\n%s", i, err, outs[i])
		}
	}
	data, _ := os.ReadFile(filepath.Join(root, "data/prices/lambda.yaml"))
	for _, want := range []string{"amount: 2.49", "amount: 3.49"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("both imports said wrote, but the file lacks %q:\n%s", want, data)
		}
	}
}
