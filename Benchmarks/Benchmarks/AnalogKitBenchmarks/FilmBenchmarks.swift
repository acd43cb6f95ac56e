import Benchmark
import FilmKit
import Foundation
import Imaging

/// Film looks read from and written to JPEG, as a camera app uses them; the plain JPEG round
/// trip is the floor any look is compared with.
func filmBenchmarks() {
    let registry = FilterRegistry.shared
    let sizes = [12, 24]

    for megapixels in sizes {
        Benchmark("JPEG round trip (floor) \(megapixels) MP") { benchmark in
            let input = Inputs.photo(megapixels: megapixels)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try Image(contentsOf: input).encoded(as: .jpeg(quality: 90)))
            }
        }
    }

    let stocks = registry.names(in: .stock)
    for stock in stocks {
        let sizes = ["kodak-portra-400", "kodak-tri-x-400", "cinestill-800t"].contains(stock) ? sizes : [24]
        for megapixels in sizes {
            Benchmark("Stock \(stock) \(megapixels) MP") { benchmark in
                let input = Inputs.photo(megapixels: megapixels)
                let look = try registry.makeFilter(stock)
                benchmark.startMeasurement()
                for iteration in benchmark.scaledIterations {
                    let output = try look.apply(to: Image(contentsOf: input), seed: UInt64(iteration))
                    blackHole(try output.encoded(as: .jpeg(quality: 90)))
                }
            }
        }
    }

    for look in ["vintage", "black-and-white"] {
        Benchmark("Look \(look) 12 MP") { benchmark in
            let input = Inputs.photo(megapixels: 12)
            let filter = try registry.makeFilter(look)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                blackHole(try filter.apply(to: Image(contentsOf: input), seed: UInt64(iteration)).encoded(as: .jpeg()))
            }
        }
    }

    for (name, table) in [
        ("3D 33³", try! ColorLookupTable.identity(size: 33)),
        ("1D 4096", try! ColorLookupTable.identity(size: 4096, threeDimensional: false)),
    ] {
        Benchmark("LUT \(name) 24 MP") { benchmark in
            let input = Inputs.photo(megapixels: 24)
            let filter = LookupTableFilter(table: table)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try filter.apply(to: Image(contentsOf: input)).encoded(as: .jpeg()))
            }
        }
    }

    Benchmark("Thumbnail 256 px of 24 MP") { benchmark in
        let input = Inputs.photo(megapixels: 24)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try Image.thumbnail(contentsOf: input, width: 256).encoded(as: .jpeg()))
        }
    }
}
