//go:build !unix

package rootfs

// openFlags are the extra flags of an open; see nonblock_unix.go.
const openFlags = 0
