module github.com/wallzero/wallzero

go 1.26.8
