package site

import (
	"errors"
	"gpucompare/generator/site/content"
	"io/fs"
	"path"
	"strings"

	"gpucompare"
)

// assets returns the templates and static folders of a build: the site
// root's own when it has them, else the ones embedded in the binary.
func assets(root fs.FS) (templates, static fs.FS, err error) {
	pick := func(dir string) (fs.FS, error) {
		if fi, err := fs.Stat(root, dir); err == nil && fi.IsDir() {
			return fs.Sub(root, dir)
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return fs.Sub(gpucompare.Assets, dir)
	}
	if templates, err = pick("templates"); err != nil {
		return nil, nil, err
	}
	if static, err = pick("static"); err != nil {
		return nil, nil, err
	}
	return templates, static, nil
}

// static copies every file of the static folder to static/ in the output,
// leaving out hidden files (.DS_Store, editor swap files). A file the
// site root refuses (rootfs) is an error in the build's report. Its
// favicon.ico goes to the root of the output too, where browsers ask for
// it of a site served over HTTP whatever its pages link to.
func (b *builder) static(sfs fs.FS) error {
	return fs.WalkDir(sfs, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		data, err := fs.ReadFile(sfs, p)
		if d, ok := content.Refused(err); ok {
			b.add(d)
			return nil
		}
		if err != nil {
			return err
		}
		if p == "favicon.ico" {
			if err := b.put(p, data); err != nil {
				return err
			}
		}
		return b.put(path.Join("static", p), data)
	})
}
