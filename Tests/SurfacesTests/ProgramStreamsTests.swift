import XCTest
import SimKernel
import Platform
@testable import Surfaces
@_spi(Assembly) @_spi(AppDesign) @testable import SurfaceCore
@testable import SystemPrograms
@testable import WidgetPrograms
@testable import AppPrograms
@testable import LiveStatusPrograms
@testable import WatchPrograms
@testable import SharePrograms
@testable import ActionsPrograms
@testable import InstantVersionPrograms
@testable import CarPrograms
@testable import TelevisionPrograms

/// A family of per-program streams (`ProgramStreams`) gives program k the stream named
/// `prefix.<program k's name>` of the replication, whether it is read or drawn from first,
/// in whatever order the programs first draw; a program added after the built-in ones gets
/// the stream named after it (docs/model.md#randomness).
final class ProgramStreamsTests: XCTestCase {
    func testEachProgramDrawsTheStreamNamedAfterIt() {
        let family = ProgramStreams.Family("network.from", programNames: SurfaceRegistry.programNames)
        let seed: UInt64 = 0x5EED_0001
        let names = SurfaceRegistry.programNames
        var streams = ProgramStreams(family, replicationSeed: seed)
        // First uses in a scattered order: the last program, then every third, then the rest.
        let order = [names.count - 1] + Array(stride(from: 0, to: names.count - 1, by: 3))
            + (0..<names.count - 1).filter { $0 % 3 != 0 }
        XCTAssertEqual(order.sorted(), Array(names.indices))
        for k in order {
            var expected = RandomStream(replicationSeed: seed, name: "network.from.\(names[k])")
            // A read before any draw is the stream as seeded, and leaves it as it is.
            var copy = streams[k]
            XCTAssertEqual(copy.next(), expected.next(), names[k])
            expected = RandomStream(replicationSeed: seed, name: "network.from.\(names[k])")
            for _ in 0..<3 { XCTAssertEqual(streams[k].next(), expected.next(), names[k]) }
            // A read after draws is the stream where they left it, and leaves it there too.
            var later = streams[k]
            XCTAssertEqual(later.next(), expected.next(), names[k])
        }
        // Each stream went on where it stopped: the fourth draw of every one, in program order.
        for (k, name) in names.enumerated() {
            var expected = RandomStream(replicationSeed: seed, name: "network.from.\(name)")
            for _ in 0..<3 { _ = expected.next() }
            XCTAssertEqual(streams[k].next(), expected.next(), name)
        }
    }
}
