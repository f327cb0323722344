// The command line: a thin layer over Study (docs/cli.md).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Study

exit(CLI.main(CommandLine.arguments))
