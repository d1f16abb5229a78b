package main

import (
	_ "github.com/yuin/goldmark"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/tools/txtar"
)

func main() {}
