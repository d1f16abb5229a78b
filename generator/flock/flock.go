// Package flock holds the advisory lock on a folder that the commands
// writing the site root or its output take: a build on its output's
// folder, an import on data/ for its read, merge and write. The lock is
// the kernel's (flock), so it goes with the process however it ends and
// leaves no file behind.
package flock

import "errors"

// ErrLocked is what Dir says, not waiting, when another holds the lock.
var ErrLocked = errors.New("locked by another process")
