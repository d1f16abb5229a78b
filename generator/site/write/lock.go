package write

import (
	"errors"

	"gpucompare/generator/flock"
)

// lockDir takes an exclusive lock on the folder dir (flock.Dir). With wait
// false it returns errLocked at once when another process holds the lock.
func lockDir(dir string, wait bool) (unlock func(), err error) {
	unlock, err = flock.Dir(dir, wait)
	if errors.Is(err, flock.ErrLocked) {
		return nil, errLocked
	}
	return unlock, err
}
