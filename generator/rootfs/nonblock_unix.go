//go:build unix

package rootfs

import "syscall"

// openFlags open a file without waiting for a writer or a device: a
// named pipe that slipped past the check before opening still cannot
// block the open.
const openFlags = syscall.O_NONBLOCK
