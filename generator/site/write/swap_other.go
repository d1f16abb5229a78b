//go:build !linux

package write

import "errors"

// exchangeDirs cannot swap two folders in one step here: publish falls
// back to two renames.
func exchangeDirs(a, b string) error { return errors.ErrUnsupported }
