//go:build unix && !aix

package flock

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// Dir takes an exclusive lock on the folder dir (flock), held until
// unlock is called or the process ends, however it ends. With wait false
// it returns ErrLocked at once when another process holds the lock.
func Dir(dir string, wait bool) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	how := unix.LOCK_EX
	if !wait {
		how |= unix.LOCK_NB
	}
	for {
		err = unix.Flock(int(f.Fd()), how)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, ErrLocked
		}
		return nil, &os.PathError{Op: "lock", Path: dir, Err: err}
	}
	return func() { f.Close() }, nil
}
