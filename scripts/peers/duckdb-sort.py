"""Sorts the lines of a file with DuckDB's ICU collation: ORDER BY line COLLATE <collation>.

    python duckdb-sort.py INPUT OUTPUT [--collation sv] [--threads N] [--temporary-directory DIR]
                          [--empty-lines K --absent-bytes A,B]

Run by scripts/compare-peers with the Python of its private virtual environment (DuckDB is no
dependency of the Swift package). Writes the sorted lines to OUTPUT, one a line, and prints the
query's own seconds on standard error.

DuckDB's CSV reader is the fast, parallel way in, but it skips empty lines and ends a line at a
carriage return as well as at a newline. So this reads every line as one VARCHAR column with a
delimiter and a null string made of bytes the file does not contain, adds the empty lines back
(all equal, so their count is all that matters) and refuses input with a carriage return. The
caller may pass the empty lines and two absent bytes it found beforehand; otherwise this scans
the file for them.
"""
import argparse
import os
import sys
import time

import duckdb


def scan(path):
    """Returns (empty line count, two bytes the file lacks); exits on a carriage return."""
    with open(path, "rb") as stream:
        data = stream.read()
    carriage_return = data.find(b"\r")
    if carriage_return >= 0:
        line = data.count(b"\n", 0, carriage_return) + 1
        sys.exit(f"duckdb-sort: {path}:{line}: a carriage return, which DuckDB's CSV reader takes "
                 "for the end of a line; it cannot keep this line whole")
    empty = 1 if data.startswith(b"\n") else 0
    position = data.find(b"\n\n")
    while position >= 0:
        empty += 1
        position = data.find(b"\n\n", position + 1)
    absent = [byte for byte in list(range(1, 9)) + list(range(14, 32)) if bytes([byte]) not in data]
    if len(absent) < 2:
        sys.exit(f"duckdb-sort: {path}: every control byte occurs; no delimiter is left for DuckDB's CSV reader")
    return empty, absent[:2]


def sql_string(text):
    return "'" + text.replace("'", "''") + "'"


def main():
    parser = argparse.ArgumentParser(description="Sort lines with DuckDB's ORDER BY line COLLATE.")
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--collation", default="sv")
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--temporary-directory")
    parser.add_argument("--empty-lines", type=int)
    parser.add_argument("--absent-bytes", help="two byte values the input lacks, e.g. 1,2")
    arguments = parser.parse_args()

    if arguments.empty_lines is None or arguments.absent_bytes is None:
        empty_lines, absent = scan(arguments.input)
    else:
        empty_lines, absent = arguments.empty_lines, [int(byte) for byte in arguments.absent_bytes.split(",")]
    delimiter, null_string = chr(absent[0]), chr(absent[1])

    connection = duckdb.connect()
    connection.execute(f"SET threads = {int(arguments.threads)}")
    if arguments.temporary_directory:
        connection.execute(f"SET temp_directory = {sql_string(arguments.temporary_directory)}")
    lines = (f"SELECT line FROM read_csv({sql_string(arguments.input)}, columns = {{'line': 'VARCHAR'}}, "
             f"delim = {sql_string(delimiter)}, nullstr = {sql_string(null_string)}, header = false, "
             f"quote = '', escape = '', new_line = '\\n', auto_detect = false)")
    if empty_lines:
        lines += f" UNION ALL SELECT '' AS line FROM range({int(empty_lines)})"
    collation = arguments.collation.replace('"', "")
    started = time.perf_counter()
    connection.execute(
        f"COPY (SELECT line FROM ({lines}) ORDER BY line COLLATE \"{collation}\") "
        f"TO {sql_string(arguments.output)} (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', "
        f"DELIMITER {sql_string(delimiter)})")
    print(f"duckdb-sort: query {time.perf_counter() - started:.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
