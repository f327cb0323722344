// The command line: a thin layer over Study (docs/cli.md).
import Foundation
import Study

exit(CLI.main(CommandLine.arguments))
