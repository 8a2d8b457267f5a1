#!/usr/bin/python3
"""Writes the Office files the tests read, with programs other than Quire: openpyxl and
python-docx (Debian's python3-openpyxl, python3-docx), re-zipped with Python's zipfile for the
hostile variants. Run from this folder: /usr/bin/python3 make_fixtures.py. Tests read the
committed files; they never run this script."""
import io
import struct
import zipfile

import docx
import openpyxl
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill
from openpyxl.worksheet.datavalidation import DataValidation


def save_docx(doc):
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def rezip(data, change):
    """Copies a zip, letting change(name, bytes) return new bytes (or None to drop the entry)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = change(info.filename, src.read(info.filename))
            if body is not None:
                dst.writestr(info.filename, body)
    return out.getvalue()


def lie_about_size(data, name, declared):
    """Patches the local and central headers of one entry to declare `declared` bytes."""
    buf = bytearray(data)
    encoded = name.encode()
    at = 0
    while True:
        at = buf.find(b'PK\x01\x02', at)
        if at < 0:
            break
        name_len = struct.unpack_from('<H', buf, at + 28)[0]
        if bytes(buf[at + 46:at + 46 + name_len]) == encoded:
            struct.pack_into('<I', buf, at + 24, declared)
            local = struct.unpack_from('<I', buf, at + 42)[0]
            struct.pack_into('<I', buf, local + 22, declared)
        at += 4
    return bytes(buf)


# A workbook as openpyxl writes it (xmlns:r on every <sheet>), with a sheet per order.
wb = openpyxl.Workbook()
ws = wb.active
ws.title = '{#orders}Order {id}'
ws['A1'] = 'Order {id} for {customer}'
ws['A3'] = 'Item'
ws['B3'] = 'Qty'
ws['A4'] = '{#lines}{name}'
ws['B4'] = '{qty}'
ws['C4'] = '{/lines}'
ws['A5'] = 'Total'
ws['B5'] = '=SUM(B4:B4)'
summary = wb.create_sheet('Summary')
summary['A1'] = '{count(orders)} orders'
wb.save('openpyxl-sheet-loop.xlsx')

# A workbook with a chart over a row loop, as openpyxl writes it: unprefixed <f> in the chart part,
# a one-row series as a single cell ('Sales'!$B$4); a conditional format and a validation on the
# loop row, totals below it.
wb = openpyxl.Workbook()
ws = wb.active
ws.title = 'Sales'
ws['A1'] = 'Sales for {region}'
ws['A3'] = 'Item'
ws['B3'] = 'Qty'
ws['A4'] = '{#lines}{name}'
ws['B4'] = '{qty}'
ws['C4'] = '{/lines}'
ws['A5'] = 'Total'
ws['B5'] = '=SUM(B4:B4)'
ws['C5'] = '=COUNT(B4:B4)'
ws.conditional_formatting.add('B4', CellIsRule(operator='greaterThan', formula=['5'], fill=PatternFill(bgColor='FFC7CE')))
rule = DataValidation(type='whole', operator='greaterThanOrEqual', formula1='0')
rule.add('B4')
ws.add_data_validation(rule)
chart = BarChart()
chart.title = 'Quantities'
chart.add_data(Reference(ws, min_col=2, min_row=3, max_row=4), titles_from_data=True)
chart.set_categories(Reference(ws, min_col=1, min_row=4, max_row=4))
ws.add_chart(chart, 'E2')
wb.save('openpyxl-chart-loop.xlsx')

# A Word file as python-docx writes it, and hostile variants of it.
d = docx.Document()
d.add_paragraph('Hello {name}')
base = save_docx(d)
with open('python-docx-hello.docx', 'wb') as f:
    f.write(base)

# Paragraph loops as docxtemplater users write them: text before {#items} and after {/items} in
# the loop's own paragraphs, a bold run split from the tag, and one loop opening mid-paragraph.
d = docx.Document()
d.add_paragraph('Items: {#items}')
para = d.add_paragraph('- ')
para.add_run('{name}').bold = True
d.add_paragraph('{/items}Thank you.')
d.add_paragraph('Colours: {#colours}{.}')
d.add_paragraph('{/colours}')
with open('python-docx-paragraph-loops.docx', 'wb') as f:
    f.write(save_docx(d))

# word/document.xml inflates to ~4 MB but declares a few hundred bytes.
padded = rezip(base, lambda n, b: b + b' ' * 4_000_000 if n == 'word/document.xml' else b)
small = len(zipfile.ZipFile(io.BytesIO(base)).read('word/document.xml'))
with open('lying-size.docx', 'wb') as f:
    f.write(lie_about_size(padded, 'word/document.xml', small))

DTD = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'


def with_dtd(b):
    head, sep, rest = b.partition(b'?>')
    return head + sep + DTD + rest


# A DTD in a part Quire never fills (styles), in UTF-8 and in UTF-16.
with open('dtd-in-styles.docx', 'wb') as f:
    f.write(rezip(base, lambda n, b: with_dtd(b) if n == 'word/styles.xml' else b))


def utf16(b):
    text = with_dtd(b).decode('utf-8').replace('encoding="UTF-8"', 'encoding="UTF-16"')
    return text.encode('utf-16')  # with a byte order mark


with open('dtd-utf16-styles.docx', 'wb') as f:
    f.write(rezip(base, lambda n, b: utf16(b) if n == 'word/styles.xml' else b))

# Packages without their main part.
with open('no-main-part.docx', 'wb') as f:
    f.write(rezip(base, lambda n, b: None if n == 'word/document.xml' else b))
book = io.BytesIO()
openpyxl.Workbook().save(book)
with open('no-main-part.xlsx', 'wb') as f:
    f.write(rezip(book.getvalue(), lambda n, b: None if n == 'xl/workbook.xml' else b))
