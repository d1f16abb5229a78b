package site

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"gpucompare"
	"gpucompare/generator/site/content"
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
// leaving out hidden files (.DS_Store, editor swap files). A folder named
// NAME.d is one file NAME, its files joined in name order (joinedParts):
// a large script stays in files of one concern each, and the page still
// loads one file, from file:// too. A file the site root refuses (rootfs)
// is an error in the build's report. Its favicon.ico goes to the root of
// the output too, where browsers ask for it of a site served over HTTP
// whatever its pages link to.
func (o *output) static(sfs fs.FS) error {
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
		var data []byte
		switch {
		case d.IsDir() && p != "." && strings.HasSuffix(p, ".d"):
			data, err = joinedParts(sfs, p)
			p = strings.TrimSuffix(p, ".d")
		case d.IsDir():
			return nil
		default:
			data, err = fs.ReadFile(sfs, p)
		}
		if d, ok := content.Refused(err); ok {
			o.add(d)
			return nil
		}
		if err != nil {
			return err
		}
		if p == "favicon.ico" {
			if err := o.put(p, data); err != nil {
				return err
			}
		}
		if err := o.put(path.Join("static", p), data); err != nil {
			return err
		}
		if d.IsDir() {
			return fs.SkipDir
		}
		return nil
	})
}

// joinedParts is the files of the folder dir of sfs joined in name order,
// leaving out hidden files: static/matrix.js.d/*.js make static/matrix.js.
// A folder inside it is an error, as it would be left out unseen.
func joinedParts(sfs fs.FS, dir string) ([]byte, error) {
	entries, err := fs.ReadDir(sfs, dir)
	if err != nil {
		return nil, err
	}
	var out []byte
	for _, e := range entries { // ReadDir sorts by name
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() {
			return nil, fmt.Errorf("static/%s: a folder in the parts of static/%s: want files only", path.Join(dir, e.Name()), strings.TrimSuffix(dir, ".d"))
		}
		data, err := fs.ReadFile(sfs, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, data...)
	}
	return out, nil
}
