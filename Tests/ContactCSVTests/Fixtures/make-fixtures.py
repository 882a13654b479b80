#!/usr/bin/env python3
"""Writes the CSV fixtures: three exports made by hand from the programs' published column
lists, each in UTF-8, UTF-8 with a BOM, UTF-16LE with a BOM and GB18030. Run once in this
folder (python3 make-fixtures.py); the bytes it wrote are committed."""
import csv
import io


def write(name, header, rows, newline):
    out = io.StringIO()
    csv.writer(out, lineterminator=newline).writerow(header)
    for row in rows:
        csv.writer(out, lineterminator=newline).writerow([row.get(column, "") for column in header])
    open(name, "w", encoding="utf-8", newline="").write(out.getvalue())


ADDRESS = ["Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address"]
GOOGLE = ["First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name", "Phonetic Last Name",
          "Name Prefix", "Name Suffix", "Nickname", "File As", "Organization Name", "Organization Title",
          "Organization Department", "Birthday", "Notes", "Photo", "Labels", "E-mail 1 - Label", "E-mail 1 - Value",
          "E-mail 2 - Label", "E-mail 2 - Value", "Phone 1 - Label", "Phone 1 - Value", "Phone 2 - Label",
          "Phone 2 - Value", "Address 1 - Label"] + ["Address 1 - " + part for part in ADDRESS] + [
          "Relation 1 - Label", "Relation 1 - Value", "Website 1 - Label", "Website 1 - Value",
          "Custom Field 1 - Label", "Custom Field 1 - Value"]
write("google-contacts.csv", GOOGLE, [
    {"First Name": "伟", "Last Name": "张", "Phonetic First Name": "Wei", "Phonetic Last Name": "Zhang",
     "Nickname": "小张", "Organization Name": "北京科技有限公司", "Organization Title": "工程师",
     "Organization Department": "研发部", "Birthday": "1990-05-17", "Notes": "第一行\n第二行, 有逗号",
     "Labels": "* myContacts ::: 同事 ::: * starred", "E-mail 1 - Label": "* Work",
     "E-mail 1 - Value": "zhangwei@example.com ::: wei.zhang@example.cn", "E-mail 2 - Label": "Home",
     "E-mail 2 - Value": "zw@example.org", "Phone 1 - Label": "Mobile", "Phone 1 - Value": "+86 138 0013 8000",
     "Phone 2 - Label": "Work Fax", "Phone 2 - Value": "+86 10 8888 8888", "Address 1 - Label": "Home",
     "Address 1 - Formatted": "朝阳区建国路 88 号\n北京 北京市 100022\n中国", "Address 1 - Street": "朝阳区建国路 88 号",
     "Address 1 - City": "北京", "Address 1 - Region": "北京市", "Address 1 - Postal Code": "100022",
     "Address 1 - Country": "中国", "Website 1 - Label": "Profile", "Website 1 - Value": "https://example.com/zw",
     "Relation 1 - Label": "Spouse", "Relation 1 - Value": "李娜"},
    {"First Name": "John", "Middle Name": "Q", "Last Name": "Smith", "Name Prefix": "Dr.", "Name Suffix": "Jr.",
     "Nickname": "Johnny", "Organization Name": "Acme, Inc.", "Birthday": "--12-25", "Notes": 'Says "hi", often',
     "Labels": "* myContacts ::: Friends ::: Band", "E-mail 1 - Label": "Home", "E-mail 1 - Value": "john@example.com",
     "Phone 1 - Label": "Band", "Phone 1 - Value": "555-0100", "Phone 2 - Label": "Home",
     "Phone 2 - Value": "555-0101 ::: 555-0102"},
], "\r\n")

LEGACY = ["Name", "Given Name", "Additional Name", "Family Name", "Yomi Name", "Given Name Yomi", "Additional Name Yomi",
          "Family Name Yomi", "Name Prefix", "Name Suffix", "Initials", "Nickname", "Short Name", "Maiden Name",
          "Birthday", "Gender", "Location", "Billing Information", "Directory Server", "Mileage", "Occupation", "Hobby",
          "Sensitivity", "Priority", "Subject", "Notes", "Language", "Photo", "Group Membership", "E-mail 1 - Type",
          "E-mail 1 - Value", "Phone 1 - Type", "Phone 1 - Value", "Phone 2 - Type", "Phone 2 - Value",
          "Address 1 - Type"] + ["Address 1 - " + part for part in ADDRESS] + [
          "Organization 1 - Type", "Organization 1 - Name", "Organization 1 - Yomi Name", "Organization 1 - Title",
          "Organization 1 - Department", "Organization 1 - Symbol", "Organization 1 - Location",
          "Organization 1 - Job Description", "Website 1 - Type", "Website 1 - Value"]
write("google-legacy.csv", LEGACY, [
    {"Name": "张伟", "Given Name": "伟", "Family Name": "张", "Given Name Yomi": "Wei", "Family Name Yomi": "Zhang",
     "Nickname": "小张", "Birthday": "1990-05-17", "Gender": "male", "Notes": "第一行\n第二行, 有逗号",
     "Group Membership": "* myContacts ::: 同事 ::: * starred", "E-mail 1 - Type": "* Work",
     "E-mail 1 - Value": "zhangwei@example.com ::: wei.zhang@example.cn", "Phone 1 - Type": "Mobile",
     "Phone 1 - Value": "+86 138 0013 8000", "Phone 2 - Type": "Work Fax", "Phone 2 - Value": "+86 10 8888 8888",
     "Address 1 - Type": "Home", "Address 1 - Formatted": "朝阳区建国路 88 号\n北京 北京市 100022\n中国",
     "Address 1 - Street": "朝阳区建国路 88 号", "Address 1 - City": "北京", "Address 1 - Region": "北京市",
     "Address 1 - Postal Code": "100022", "Address 1 - Country": "中国", "Organization 1 - Name": "北京科技有限公司",
     "Organization 1 - Title": "工程师", "Organization 1 - Department": "研发部", "Website 1 - Type": "Profile",
     "Website 1 - Value": "https://example.com/zw"},
    {"Name": "Dr. John Q Smith Jr.", "Given Name": "John", "Additional Name": "Q", "Family Name": "Smith",
     "Name Prefix": "Dr.", "Name Suffix": "Jr.", "Nickname": "Johnny", "Birthday": "--12-25",
     "Notes": 'Says "hi", often', "Group Membership": "System Group: My Contacts ::: Friends ::: Band",
     "E-mail 1 - Type": "Home", "E-mail 1 - Value": "john@example.com", "Phone 1 - Type": "Band",
     "Phone 1 - Value": "555-0100", "Phone 2 - Type": "Home", "Phone 2 - Value": "555-0101 ::: 555-0102",
     "Organization 1 - Name": "Acme, Inc."},
], "\n")

OUTLOOK = ["First Name", "Middle Name", "Last Name", "Title", "Suffix", "Nickname", "Given Yomi", "Surname Yomi",
           "E-mail Address", "E-mail 2 Address", "E-mail 3 Address", "Home Phone", "Home Phone 2", "Business Phone",
           "Business Phone 2", "Mobile Phone", "Car Phone", "Other Phone", "Primary Phone", "Pager", "Business Fax",
           "Home Fax", "Other Fax", "Company Main Phone", "Callback", "Radio Phone", "Telex", "TTY/TDD Phone",
           "IMAddress", "Job Title", "Department", "Company", "Office Location", "Manager's Name", "Assistant's Name",
           "Assistant's Phone", "Company Yomi", "Business Street", "Business City", "Business State",
           "Business Postal Code", "Business Country/Region", "Home Street", "Home City", "Home State",
           "Home Postal Code", "Home Country/Region", "Other Street", "Other City", "Other State", "Other Postal Code",
           "Other Country/Region", "Personal Web Page", "Spouse", "Schools", "Hobby", "Location", "Web Page",
           "Birthday", "Anniversary", "Notes", "Categories"]
write("outlook.csv", OUTLOOK, [
    {"First Name": "伟", "Last Name": "张", "Nickname": "小张", "Given Yomi": "Wei", "Surname Yomi": "Zhang",
     "E-mail Address": "zhangwei@example.com", "E-mail 2 Address": "wei.zhang@example.cn",
     "Mobile Phone": "+86 138 0013 8000", "Business Fax": "+86 10 8888 8888", "Job Title": "工程师",
     "Department": "研发部", "Company": "北京科技有限公司", "Business Street": "朝阳区建国路 88 号",
     "Business City": "北京", "Business State": "北京市", "Business Postal Code": "100022",
     "Business Country/Region": "中国", "Web Page": "https://example.com/zw", "Birthday": "5/17/1990",
     "Notes": "第一行\r\n第二行, 有逗号", "Categories": "同事;VIP", "Spouse": "李娜"},
    {"First Name": "John", "Middle Name": "Q", "Last Name": "Smith", "Title": "Dr.", "Suffix": "Jr.",
     "Nickname": "Johnny", "E-mail Address": "john@example.com", "Home Phone": "555-0101", "Home Phone 2": "555-0102",
     "Car Phone": "555-0100", "Company": "Acme, Inc.", "Home Street": "1 Main St", "Home City": "Springfield",
     "Home State": "IL", "Home Postal Code": "62701", "Home Country/Region": "United States of America",
     "Birthday": "0/0/00", "Notes": 'Says "hi", often', "Categories": "Friends; Band"},
], "\r\n")

for base in ["google-contacts", "google-legacy", "outlook"]:
    text = open(base + ".csv", encoding="utf-8", newline="").read()
    open(base + "-bom.csv", "wb").write(text.encode("utf-8-sig"))
    open(base + "-utf16le.csv", "wb").write(b"\xff\xfe" + text.encode("utf-16-le"))
    open(base + "-gb18030.csv", "wb").write(text.encode("gb18030"))
