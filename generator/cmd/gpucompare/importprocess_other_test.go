//go:build !unix

package main

func setProcessHooks() {}
