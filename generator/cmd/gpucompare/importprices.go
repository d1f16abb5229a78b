package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing/fstest"
	"time"

	"gpucompare/generator/catalog"
	"gpucompare/generator/flock"
	"gpucompare/generator/importer"
	"gpucompare/generator/rootfs"
)

const importPricesUsage = `usage: gpucompare import prices -format skypilot|aws-pricelist|azure-retail|oci-pricelist|gcp-billing|lambda-api|aws-spot|runpod-graphql|vast-offers|aliyun-describeprice|tencent-inquiryprice|huawei-bss-rating -provider ID -as-of YYYY-MM-DD [-root .] [-add-instances] [-dry-run] [-retire] [-correct] [-source TEXT] FILE...
`

// importPricesCmd merges public price lists into data/prices/ID.yaml of a
// site root: new dated points only, the history before them untouched.
func importPricesCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("import prices", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), importPricesUsage)
		fs.PrintDefaults()
	}
	format := fs.String("format", "", "the price list's format: "+strings.Join(importer.Formats, ", "))
	provider := fs.String("provider", "", "the provider id whose data/prices/ID.yaml the prices go to")
	asOf := fs.String("as-of", "", "the day the price list was read, YYYY-MM-DD: the checked date, and the first_seen of a price without an effective date")
	root := fs.String("root", ".", "site root holding data/")
	dryRun := fs.Bool("dry-run", false, "print what would change and write nothing")
	retire := fs.Bool("retire", false, "mark each offer the price list no longer has with last_seen")
	correct := fs.Bool("correct", false, "let a price effective on the day of its offer's latest point correct that point in place (without it, such a price is refused)")
	addInstances := fs.Bool("add-instances", false, "add the instance types with a GPU that the catalog does not have to data/providers/ID.yaml, their GPUs mapped by "+importer.GPUNamesFile)
	source := fs.String("source", "", `citation written into each new point, such as "github.com/skypilot-org/skypilot-catalog catalogs/v7/lambda/vms.csv @1158013" (default: the format and FILE as given)`)
	maxFileSize := maxFileSizeFlag(fs)
	files, code, ok := parseInterleaved(fs, args)
	if !ok {
		return code
	}
	switch {
	case !importer.KnownFormat(*format):
		fmt.Fprintf(stderr, "gpucompare import prices: -format %q: want one of %s\n%s", *format, strings.Join(importer.Formats, ", "), importPricesUsage)
		return 2
	case *provider == "":
		fmt.Fprint(stderr, "gpucompare import prices: want -provider ID\n"+importPricesUsage)
		return 2
	case len(files) == 0:
		fmt.Fprint(stderr, "gpucompare import prices: want at least one FILE\n"+importPricesUsage)
		return 2
	}
	if _, err := time.Parse(time.DateOnly, *asOf); err != nil {
		fmt.Fprintf(stderr, "gpucompare import prices: -as-of %q is not a day: want YYYY-MM-DD, the day the price list was read\n", *asOf)
		return 2
	}

	// The catalog is read, merged and written under a lock on data/, so
	// two imports at once run one after the other and neither loses the
	// other's points.
	unlock, ok := lockData(*root, !*dryRun, stderr)
	if !ok {
		return 1
	}
	defer unlock()
	fsys, ok := openRoot(*root, maxFileSize, stderr)
	if !ok {
		return 1
	}
	cat, report := catalog.Load(fsys)
	fsys.Close()
	if errs := report.Errors(); len(errs) > 0 {
		fmt.Fprint(stderr, errs.String())
		fmt.Fprintf(stderr, "%s: the catalog has %d error(s): nothing imported\n", *root, len(errs))
		return 1
	}
	prov := cat.Provider(*provider)
	if prov == nil {
		var ids []string
		for _, p := range cat.Providers {
			ids = append(ids, p.ID)
		}
		fmt.Fprintf(stderr, "gpucompare import prices: provider %q is not in %s/data/providers: want one of %s\n", *provider, *root, strings.Join(ids, ", "))
		return 1
	}

	list := &importer.List{}
	for _, file := range files {
		if err := readPriceList(file, *format, int64(*maxFileSize), prov, list); err != nil {
			fmt.Fprintln(stderr, err)
			fmt.Fprintln(stderr, "nothing written")
			return 1
		}
	}
	rel := "data/prices/" + prov.ID + ".yaml"
	path := filepath.Join(*root, filepath.FromSlash(rel))
	src, err := readPriceFile(path, prov.ID)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v: nothing written\n", rel, err)
		return 1
	}
	cite := *source
	if cite == "" {
		cite = *format + " price list " + strings.Join(files, " ")
	}
	opts := importer.Options{
		Provider:   prov,
		AsOf:       catalog.Date(*asOf),
		Source:     cite,
		SourceKind: importer.SourceKind(*format),
		Models:     importer.Models(*format),
		Retire:     *retire,
		Correct:    *correct,
		NotAdded:   map[string]string{},
	}
	// changed holds the catalog files the import changes, by path in the root:
	// the provider's, when -add-instances adds instance types, then the
	// price file.
	changed := map[string][]byte{}
	var order []string
	var added []importer.NewInstance
	provRel := "data/providers/" + prov.ID + ".yaml"
	if *addInstances {
		var provOut []byte
		provOut, added, err = addInstanceTypes(*root, provRel, cat, list, opts)
		if err != nil {
			fmt.Fprintln(stderr, err)
			fmt.Fprintln(stderr, "nothing written")
			return 1
		}
		if len(added) > 0 {
			changed[provRel] = provOut
			order = append(order, provRel)
		}
	}
	out, sum, err := importer.Merge(src, rel, list, opts)
	if err != nil {
		fmt.Fprintln(stderr, err)
		fmt.Fprintln(stderr, "nothing written")
		return 1
	}
	if !bytes.Equal(out, src) {
		changed[rel] = out
		order = append(order, rel)
	}
	// The merged files must load with the rest of the catalog before they
	// replace the old ones.
	if len(changed) > 0 {
		fsys, ok := openRoot(*root, maxFileSize, stderr)
		if !ok {
			return 1
		}
		_, report := catalog.Load(overlayFS{FS: fsys, files: changed})
		fsys.Close()
		if errs := report.Errors(); len(errs) > 0 {
			fmt.Fprint(stderr, errs.String())
			what := "file"
			if len(order) > 1 {
				what = "files"
			}
			fmt.Fprintf(stderr, "%s: the merged %s would not load (%d error(s)): nothing written\n", strings.Join(order, ", "), what, len(errs))
			return 1
		}
	}
	for _, a := range added {
		fmt.Fprintf(stdout, "instance  %s added to %s: %d × %s (mapped by %s), regions %s\n", a.Name, provRel, a.GPUCount, a.GPU, a.Mapping(), strings.Join(a.Regions, ", "))
	}
	printSummary(stdout, rel, sum)
	switch {
	case *dryRun:
		for _, f := range order {
			if f != rel {
				fmt.Fprintf(stdout, "dry run: %s not written\n", f)
			}
		}
		fmt.Fprintf(stdout, "dry run: %s not written\n", rel)
	case len(changed) == 0:
		fmt.Fprintf(stdout, "%s unchanged\n", rel)
	default:
		return writeFiles(*root, order, changed, stdout, stderr)
	}
	return 0
}

// writeFiles writes the files of order, in order. An interrupt or a
// termination that arrives meanwhile waits until the file being written
// is in place (or its temporary file removed), and the files after it are
// not written: no temporary file is left, and each file is the old one or
// the new one.
func writeFiles(root string, order []string, changed map[string][]byte, stdout, stderr io.Writer) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var hook func()
	if beforeRename != nil {
		hook = func() { beforeRename(sigs) }
	}
	for i, f := range order {
		select {
		case s := <-sigs:
			fmt.Fprintf(stderr, "%v: %s not written\n", s, strings.Join(order[i:], ", "))
			return 1
		default:
		}
		if err := replaceFile(filepath.Join(root, filepath.FromSlash(f)), changed[f], hook); err != nil {
			fmt.Fprintf(stderr, "%s: %v: not written\n", f, err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", f)
	}
	select {
	case s := <-sigs:
		fmt.Fprintf(stderr, "%v once every file was written\n", s)
		return 1
	default:
	}
	return 0
}

// beforeRename, a test hook, runs when a file's temporary copy is
// complete, before it is renamed into place; it is given the channel of
// the signals writeFiles waits out.
var beforeRename func(signals chan os.Signal)

// addInstanceTypes adds the instance types of list that the catalog lacks to
// the provider file provRel of root, their GPUs mapped by the table in
// data/gpu-names.yaml, and gives the file's new text.
func addInstanceTypes(root, provRel string, cat *catalog.Catalog, list *importer.List, opts importer.Options) ([]byte, []importer.NewInstance, error) {
	table, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(importer.GPUNamesFile)))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: cannot read (%v): -add-instances maps GPU names with it; see README, \"Importing price lists\"", importer.GPUNamesFile, errors.Unwrap(err))
	}
	names, err := importer.ReadGPUNames(table, importer.GPUNamesFile, func(id string) bool { return cat.GPU(id) != nil })
	if err != nil {
		return nil, nil, err
	}
	names.Memory = func(id string) *float64 {
		if g := cat.GPU(id); g != nil {
			return g.MemoryGB
		}
		return nil
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(provRel)))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: cannot read: %v", provRel, errors.Unwrap(err))
	}
	return importer.AddInstances(src, provRel, list, opts.Provider, names, opts, opts.NotAdded)
}

// readPriceList reads one file of a price list into list.
func readPriceList(file, format string, maxSize int64, prov *catalog.Provider, list *importer.List) error {
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("%s: cannot read: %v", file, errors.Unwrap(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > maxSize {
		return fmt.Errorf("%s: %s is larger than -max-file-size %s", file, rootfs.Size(st.Size()), rootfs.Size(maxSize))
	}
	switch format {
	case "skypilot":
		return importer.ReadSkyPilot(f, file, list)
	case "aws-pricelist":
		return importer.ReadAWSPriceList(f, file, importer.DefaultAWSProduct, list)
	case "oci-pricelist":
		return importer.ReadOCIPriceList(f, file, list)
	case "gcp-billing":
		return importer.ReadGCPBilling(f, file, importer.GCPMachines(prov), list)
	case "lambda-api":
		return importer.ReadLambdaInstanceTypes(f, file, list)
	case "aws-spot":
		return importer.ReadAWSSpot(f, file, list)
	case "runpod-graphql":
		// RunPod's marketplace, Community Cloud, is a provider of kind
		// marketplace; its Secure Cloud is another.
		return importer.ReadRunPodGPUTypes(f, file, prov.Kind == catalog.Marketplace, list)
	case "vast-offers":
		return importer.ReadVastOffers(f, file, list)
	case "aliyun-describeprice":
		return importer.ReadAliyunDescribePrice(f, file, list)
	case "tencent-inquiryprice":
		return importer.ReadTencentInquiryPrice(f, file, list)
	case "huawei-bss-rating":
		return importer.ReadHuaweiBSSRating(f, file, list)
	}
	return importer.ReadAzureRetail(f, file, list)
}

// readPriceFile reads the price file at path, or gives the text of an
// empty one, its schema line first, when the provider has none yet. It
// reads only a regular file.
func readPriceFile(path, provider string) ([]byte, error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		line, _ := catalog.SchemaLine("data/prices/" + provider + ".yaml")
		return []byte(line + "\nprovider: " + provider + "\nprices: []\n"), nil
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file: import edits only regular files in data/prices/")
	}
	return os.ReadFile(path)
}

// lockData takes the lock on the data/ folder of root that every import
// holds from its first read to its last write (flock: it goes with the
// process however it ends). With clean, it then removes the temporary
// files a killed import left in the folders imports write.
func lockData(root string, clean bool, stderr io.Writer) (unlock func(), ok bool) {
	data := filepath.Join(root, "data")
	unlock, err := flock.Dir(data, true)
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot lock (%v): want a site root holding data/; nothing written\n", data, errors.Unwrap(err))
		return nil, false
	}
	if clean {
		for _, dir := range []string{"prices", "providers"} {
			left, _ := filepath.Glob(filepath.Join(data, dir, ".*.yaml.*.tmp"))
			for _, f := range left {
				os.Remove(f)
			}
		}
	}
	return unlock, true
}

// replaceFile writes data to path through a temporary file in the same
// folder, synced to disk and renamed into place, then syncs the folder, so
// a reader sees the old file or the new one, never half of one, even after
// a crash. The temporary file is removed when anything fails; one left by
// a killed run starts with a dot, so the catalog never reads it, and the
// next import removes it (lockData). beforeRename, when not nil, runs with
// the temporary file complete, before the rename.
func replaceFile(path string, data []byte, beforeRename func()) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("folder %s does not exist", dir)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if beforeRename != nil {
		beforeRename()
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// printSummary lists what a merge did: each point added, each offer
// missing, the skipped offers by reason, and the counts.
func printSummary(w io.Writer, rel string, sum *importer.Summary) {
	for _, a := range sum.Added {
		date := "since " + string(a.Since)
		if a.FirstSeen != "" {
			date = "first seen " + string(a.FirstSeen) + ", since unknown"
		}
		was := "new offer"
		if a.Was != "" {
			was = a.Was + " →"
		}
		what := "added    "
		if a.Corrected {
			what, date = "corrected", date+"; the latest point rewritten"
		}
		fmt.Fprintf(w, "%s %s: %s %s %s (%s)\n", what, offerName(a.SeriesKey), was, a.Now, a.Currency, date)
	}
	for _, r := range sum.Refused {
		fmt.Fprintf(w, "refused   %s: %s → %s %s effective %s, the since of its latest point (%s:%d): a second point on one day is refused; if the price list corrects that point, import again with -correct\n", offerName(r.SeriesKey), r.Was, r.Now, r.Currency, r.Since, rel, r.Line)
	}
	for _, m := range sum.Missing {
		what := "not in the price list"
		switch {
		case m.LastSeen != "":
			what += "; marked last_seen " + string(m.LastSeen)
		case m.NotRetired != "":
			what += "; not retired: " + m.NotRetired
		}
		fmt.Fprintf(w, "missing   %s (%s:%d): %s\n", offerName(m.SeriesKey), rel, m.Line, what)
	}
	reasons := make([]string, 0, len(sum.Skipped))
	skipped := 0
	for r, n := range sum.Skipped {
		reasons = append(reasons, r)
		skipped += n
	}
	slices.Sort(reasons)
	for _, r := range reasons {
		fmt.Fprintf(w, "skipped   %d: %s\n", sum.Skipped[r], r)
	}
	for _, name := range sum.NewTypes {
		fmt.Fprintf(w, "skipped   instance type %s: not in the catalog (-add-instances adds it)\n", name)
	}
	checked := ""
	if sum.Checked != "" {
		checked = "; checked " + string(sum.Checked)
	}
	refused := ""
	if len(sum.Refused) > 0 {
		refused = fmt.Sprintf(", %d refused", len(sum.Refused))
	}
	fmt.Fprintf(w, "%s: %s added, %d unchanged, %d missing, %d skipped%s%s\n", rel, nounCount(len(sum.Added), "point"), sum.Unchanged, len(sum.Missing), skipped, refused, checked)
}

func offerName(k catalog.SeriesKey) string {
	s := k.Instance + " " + k.Region + " " + k.Model
	if k.Payment != "" {
		s += " " + k.Payment
	}
	return s
}

// overlayFS is a site root with files replaced or added: the catalog as
// it would be once they are written.
type overlayFS struct {
	fs.FS
	files map[string][]byte // by path in the root
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if data, ok := o.files[name]; ok {
		return fstest.MapFS{name: {Data: data, Mode: 0o644}}.Open(name)
	}
	return o.FS.Open(name)
}

func (o overlayFS) ReadFile(name string) ([]byte, error) {
	if data, ok := o.files[name]; ok {
		return slices.Clone(data), nil
	}
	return fs.ReadFile(o.FS, name)
}

func (o overlayFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.FS, dir)
	if err != nil {
		return entries, err
	}
	for name, data := range o.files {
		if dir != path.Dir(name) || slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == path.Base(name) }) {
			continue
		}
		added, err := fstest.MapFS{name: {Data: data, Mode: 0o644}}.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		entries = append(entries, added...)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}
