module gpucompare

go 1.26.8

require (
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.52.0
)
