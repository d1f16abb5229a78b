package write

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchangeDirs swaps the folders a and b in one step, with
// renameat2(RENAME_EXCHANGE): at every instant each name holds one whole
// tree. It returns errors.ErrUnsupported when the kernel or the file
// system cannot exchange.
func exchangeDirs(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EINVAL), errors.Is(err, unix.EOPNOTSUPP):
		return errors.ErrUnsupported
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
