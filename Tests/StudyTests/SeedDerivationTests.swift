import SimKernel
import XCTest
@testable import Study

/// Replication seeds come from (scenario seed, point, replication) by SplitMix64 (docs/model.md#randomness).
final class SeedDerivationTests: XCTestCase {
    func testCommonRandomNumbersGiveEveryPointTheSameSeeds() throws {
        let s = try ScenarioLoader.decode(#"{seed: 7, sweep: {"push.wakeRefusal": [0, 1]}}"#, file: "t")
        let layout = StudyLayout(s)
        XCTAssertTrue(layout.commonRandomNumbers)
        for r in 0..<5 {
            let expected = SeedMixer.replicationSeed(scenarioSeed: 7, point: 0, replication: UInt64(r))
            XCTAssertEqual(layout.seed(point: 0, replication: r), expected)
            XCTAssertEqual(layout.seed(point: 1, replication: r), expected)
        }
    }

    func testWithoutCommonRandomNumbersEachPointHasItsOwnSeeds() throws {
        let s = try ScenarioLoader.decode(#"{seed: 7, commonRandomNumbers: false, sweep: {"push.wakeRefusal": [0, 1]}}"#, file: "t")
        let layout = StudyLayout(s)
        XCTAssertEqual(layout.seed(point: 1, replication: 3), SeedMixer.replicationSeed(scenarioSeed: 7, point: 1, replication: 3))
        XCTAssertNotEqual(layout.seed(point: 1, replication: 3), layout.seed(point: 0, replication: 3))
    }

    func testTheSeedIsPinned() {
        // A change here changes every published result: it must be deliberate.
        XCTAssertEqual(SeedMixer.replicationSeed(scenarioSeed: 1, point: 0, replication: 0), 12793040940332582595)
    }

    func testShardsPartitionTheReplications() {
        for n in 1...5 {
            for replications in [0, 1, 4, 7, 10] {
                var seen: [Int] = []
                for k in 1...n {
                    let shard = Shard(index: k, count: n)
                    let mine = (0..<shard.replicationCount(of: replications)).map(shard.replication)
                    XCTAssertTrue(mine.allSatisfy { $0 % n == k - 1 && $0 < replications })
                    seen += mine
                }
                XCTAssertEqual(seen.sorted(), Array(0..<replications), "n=\(n) replications=\(replications)")
            }
        }
        XCTAssertEqual(Shard(parsing: "2/3"), Shard(index: 2, count: 3))
        XCTAssertNil(Shard(parsing: "0/3"))
        XCTAssertNil(Shard(parsing: "4/3"))
        XCTAssertNil(Shard(parsing: "1-3"))
    }
}
