module noderpc/client

go 1.19
