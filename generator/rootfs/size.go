package rootfs

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is a number of bytes as a command-line flag: a whole number,
// optionally followed by KiB, MiB or GiB (64MiB, 512KiB, 1048576).
type Size int64

var units = []struct {
	suffix string
	bytes  int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// Set parses s as a Size of at least one byte.
func (z *Size) Set(s string) error {
	num, mult := strings.TrimSpace(s), int64(1)
	for _, u := range units {
		if n, ok := strings.CutSuffix(num, u.suffix); ok {
			num, mult = strings.TrimSpace(n), u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mult {
		return fmt.Errorf("want a size such as 64MiB, 512KiB or 1048576 (bytes)")
	}
	*z = Size(n * mult)
	return nil
}

// String gives the size in the largest unit that divides it.
func (z Size) String() string {
	for _, u := range units {
		if int64(z) >= u.bytes && int64(z)%u.bytes == 0 {
			return strconv.FormatInt(int64(z)/u.bytes, 10) + u.suffix
		}
	}
	return strconv.FormatInt(int64(z), 10) + "B"
}

// FormatSize gives n bytes for people: "512 bytes", "70.5 MiB", "64 MiB".
func FormatSize(n int64) string {
	for _, u := range units[:3] {
		if n >= u.bytes {
			if n%u.bytes == 0 {
				return fmt.Sprintf("%d %s", n/u.bytes, u.suffix)
			}
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.bytes), u.suffix)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
