//go:build !unix || aix

package flock

// Dir cannot lock a folder here. Waiting, it goes on without a lock;
// not waiting, it says ErrLocked, so that no caller removes a folder
// another process may still be writing.
func Dir(dir string, wait bool) (unlock func(), err error) {
	if !wait {
		return nil, ErrLocked
	}
	return func() {}, nil
}
