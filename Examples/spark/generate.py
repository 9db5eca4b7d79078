"""Test data for Examples/spark: names in several scripts with NFC/NFD and case duplicates, and
CSV parts whose quoted fields hold line breaks, commas and quotes.

    python3 generate.py names COUNT OUT.txt
    python3 generate.py csv COUNT DIRECTORY PARTS   (DIRECTORY/header.csv and DIRECTORY/parts/part-NNNNN.csv)
"""
import os
import random
import sys
import unicodedata

GIVEN = ["Åsa", "Anna", "Örjan", "Oskar", "Émile", "Zoë", "Ängel", "Björn", "Chloé", "Dvořák", "Иван", "Ольга",
         "Σοφία", "Νίκος", "さくら", "たろう", "민준", "서연", "林", "王芳", "José", "Łukasz", "Ægir", "Ðorđe"]
FAMILY = ["Öberg", "Oberg", "Andersson", "Ekström", "Zetterlund", "Åkesson", "Müller", "Mueller", "Ståhl", "Ölander",
          "Петров", "Смирнова", "Παπαδόπουλος", "たなか", "김", "王", "Núñez", "O'Brien", "van der Berg", "#1", "42nd"]


def name(generator):
    text = "%s %s" % (generator.choice(FAMILY), generator.choice(GIVEN))
    roll = generator.random()
    if roll < 0.15:
        text = unicodedata.normalize("NFD", text)  # canonically equal to the NFC spelling
    elif roll < 0.25:
        text = text.upper()
    elif roll < 0.35:
        text = text.lower()
    if generator.random() < 0.5:
        text += " %d" % generator.randrange(1000)
    return text


def names(count, path):
    generator = random.Random(13)
    with open(path, "w", encoding="utf-8", newline="\n") as output:
        for _ in range(count):
            output.write(name(generator) + "\n")


def csv_field(text):
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_parts(count, directory, parts):
    generator = random.Random(17)
    notes = ["plain", "two\nlines", "carriage\r\nreturn", "a, comma", 'a "quote"', "back\\slash", "tab\there", ""]
    os.makedirs(os.path.join(directory, "parts"), exist_ok=True)
    with open(os.path.join(directory, "header.csv"), "w", encoding="utf-8", newline="") as header:
        header.write("id,name,note\n")
    for part in range(parts):
        path = os.path.join(directory, "parts", "part-%05d.csv" % part)
        with open(path, "w", encoding="utf-8", newline="") as output:
            for index in range(count * part // parts, count * (part + 1) // parts):
                output.write("%d,%s,%s\n" % (index, csv_field(name(generator)), csv_field(generator.choice(notes))))


if __name__ == "__main__":
    if sys.argv[1] == "names":
        names(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "csv":
        csv_parts(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit(__doc__)
