@testable import SectionSort
import Foundation
