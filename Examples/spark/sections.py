"""SectionSort on Apache Spark: keys per partition, a global sort by Spark, sections from the sorted keys.

    spark-submit Examples/spark/sections.py --sectionsort /path/to/sectionsort \
        --input names.txt --work /tmp/run --output sections.json -- -l sv_SE -i -F json

Everything after `--` goes to sectionsort: ordering options (-l, -i, -n, -r, --other-first) and the
input's format (-f csv -k name ...) to `--emit-keys`, the output format (-F) to `--from-keys`.

1. Keys: every partition of the input pipes its records through `sectionsort --emit-keys --part N`,
   N being the partition's index. Spark numbers the partitions of a text file in input order, so
   (part, position in part) is a tie-breaker that orders equal keys as the whole input would.
   A directory of csv or tsv parts (`--input-format csv`, records may hold quoted line breaks)
   is read a whole file at a time; the files are numbered in name order and none has a header row:
   `--header-file` names the file holding it.
2. Sort: Spark SQL sorts the key records as strings, which it compares as UTF-8 bytes (a
   range-partitioning sort; POSITION is unique, so no comparison reaches RECORD), and writes the
   sorted parts as text. Key records are one line each: sectionsort escapes line breaks
   in records, so Spark's and Hadoop's line readers keep them whole.
3. Sections: `sectionsort --from-keys` merges the sorted parts as it reads them and writes the
   sections, byte-identical to `sectionsort` over the whole input on one machine.
"""
import argparse
import os
import shutil
import subprocess
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import StringType, StructField, StructType


def split_options(sectionsort_args):
    """Splits sectionsort's options into those for --emit-keys and those for --from-keys (-F)."""
    emit, read = [], []
    args = iter(sectionsort_args)
    for arg in args:
        if arg in ("-F", "--format"):
            read += [arg, next(args)]
        elif arg.startswith("--format=") or (arg.startswith("-F") and len(arg) > 2):
            read.append(arg)
        else:
            emit.append(arg)
    return emit, read


def run_keys(sectionsort, options, part, data):
    """The key records of one part (bytes in, key record lines out)."""
    done = subprocess.run([sectionsort, "--emit-keys", "-q", "-j", "1", "--part", str(part)] + options,
                          input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise RuntimeError("sectionsort --emit-keys failed on part %d: %s" % (part, done.stderr.decode(errors="replace")))
    return done.stdout.decode("utf-8").split("\n")[:-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sectionsort", required=True, help="the sectionsort executable (on every node)")
    parser.add_argument("--input", required=True, help="a text file of records, or a directory of csv/tsv parts")
    parser.add_argument("--input-format", default="lines", choices=["lines", "csv", "tsv"])
    parser.add_argument("--header-file", help="csv/tsv: the file whose first row is the parts' header")
    parser.add_argument("--work", required=True, help="a directory for the sorted key parts")
    parser.add_argument("--output", required=True, help="where the sections go")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--master", help="e.g. local[2]; by default spark-submit's")
    parser.add_argument("sectionsort_args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    options = [a for a in args.sectionsort_args if a != "--"]
    emit_options, read_options = split_options(options)
    sectionsort = os.path.abspath(args.sectionsort)

    builder = SparkSession.builder.master(args.master) if args.master else SparkSession.builder
    spark = (builder.appName("sectionsort")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.driver.memory", "2g")
             .config("spark.sql.shuffle.partitions", str(args.partitions)).getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    context = spark.sparkContext

    if args.input_format == "lines":
        def keys_of_partition(index, lines):
            data = "".join(line + "\n" for line in lines).encode("utf-8")
            return run_keys(sectionsort, emit_options, index, data)
        keys = context.textFile(args.input, minPartitions=args.partitions).mapPartitionsWithIndex(keys_of_partition)
    else:
        names = sorted(os.path.join(args.input, name) for name in os.listdir(args.input))
        part_of = {"file:" + os.path.abspath(name): number for number, name in enumerate(names)}
        with open(args.header_file, "rb") as header_file:
            header = header_file.readline().rstrip(b"\r\n").decode("utf-8")
        part_options = emit_options + ["-f", args.input_format, "--header", header]

        def keys_of_file(item):
            path, text = item
            number = part_of.get(path, part_of.get("file:" + path.replace("file:", "", 1)))
            return run_keys(sectionsort, part_options, number, text.encode("utf-8"))
        keys = context.wholeTextFiles(args.input, minPartitions=args.partitions).flatMap(keys_of_file)

    # A global sort in the JVM: Spark SQL compares strings as UTF-8 bytes, which is the key records'
    # byte order (a range-partitioning sort: each output part holds one range, in order).
    sorted_parts = os.path.join(args.work, "sorted-keys")
    schema = StructType([StructField("value", StringType(), False)])
    (spark.createDataFrame(keys.map(lambda record: (record,)), schema, verifySchema=False)
         .orderBy("value")
         .write.mode("overwrite").text(sorted_parts))
    spark.stop()

    parts = sorted(os.path.join(sorted_parts, name) for name in os.listdir(sorted_parts) if name.startswith("part-"))
    with open(args.output, "wb") as output:
        done = subprocess.run([sectionsort, "--from-keys", "-q"] + read_options + parts, stdout=output)
    if done.returncode != 0:
        sys.exit("sectionsort --from-keys failed (%d)" % done.returncode)


if __name__ == "__main__":
    main()
