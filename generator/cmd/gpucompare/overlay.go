package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"gpucompare/generator/catalog"
	"gpucompare/generator/rootfs"
	"gpucompare/generator/site"
	"gpucompare/generator/site/write"
)

// overlayFlag is the -overlay flag of the commands that read a catalog.
func overlayFlag(fs *flag.FlagSet) *string {
	return fs.String("overlay", "", "a private overlay root holding data/quotes/ (and optionally data/trials/): its quotes and trials join the catalog, and a build is marked internal")
}

// withOverlay is the site root fsys with the overlay root dir seen under
// catalog.OverlayDir, or fsys itself when dir is empty. Call the returned
// func when done.
func withOverlay(fsys fs.FS, dir string, maxFileSize *rootfs.Size, stderr io.Writer) (fs.FS, func(), bool) {
	if dir == "" {
		return fsys, func() {}, true
	}
	over, ok := openOverlay(dir, maxFileSize, stderr)
	if !ok {
		return nil, nil, false
	}
	return catalog.WithOverlay(fsys, over), func() { over.Close() }, true
}

// openOverlay opens the overlay root dir for reading, or says why not.
func openOverlay(dir string, maxFileSize *rootfs.Size, stderr io.Writer) (*rootfs.FS, bool) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "%s: not a folder: -overlay names a private overlay root holding data/quotes/\n", dir)
		return nil, false
	}
	over, err := rootfs.Open(dir, int64(*maxFileSize))
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot open the overlay root: %v\n", dir, err)
		return nil, false
	}
	return over, true
}

// checkOverlayOut refuses an output folder that is the overlay root, is
// inside it or holds it: a build replaces its output folder whole.
func checkOverlayOut(overlay, out string) error {
	if overlay == "" {
		return nil
	}
	v, err := resolvePath(overlay)
	if err != nil {
		return err
	}
	o, err := resolvePath(out)
	if err != nil {
		return err
	}
	if o == v || within(v, o) || within(o, v) {
		return fmt.Errorf("-out %q is, holds or lies inside the overlay root %q, which the build reads: choose a folder of its own", out, overlay)
	}
	return nil
}

// checkOutKind refuses to put an internal build (one with -overlay) into
// the folder of a public build, and a public build into the folder of an
// internal one: an output's kind is its markers', site.InternalMarker
// beside write.MarkerName for an internal build. A folder with neither
// marker is left to the write to judge.
func checkOutKind(out string, internal bool) error {
	if _, err := os.Stat(filepath.Join(out, write.MarkerName)); err != nil {
		return nil
	}
	_, err := os.Stat(filepath.Join(out, site.InternalMarker))
	switch held := err == nil; {
	case internal && !held:
		return fmt.Errorf("-out %q holds a public build (%s without %s): a build with -overlay holds private quotes and never goes into a public build's folder, which may be published: choose another output folder", out, write.MarkerName, site.InternalMarker)
	case !internal && held:
		return fmt.Errorf("-out %q holds an internal build with private quotes (%s): a public build never replaces it, so that neither is taken for the other: choose another output folder, or remove that one yourself", out, site.InternalMarker)
	}
	return nil
}
