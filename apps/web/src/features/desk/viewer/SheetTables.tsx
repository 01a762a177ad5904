import type { PreviewSheet } from '@easio/shared';
import { ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import { moreSheetsNote, sheetCutNote } from './sheet-notes';

function SheetTable({ sheet }: { sheet: PreviewSheet }) {
  if (sheet.rows.length === 0) return <Text size="sm">This sheet is empty.</Text>;
  const [head, ...body] = sheet.rows;
  const note = sheetCutNote(sheet);
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize
        mah="60vh"
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `Sheet ${sheet.name}` }}
      >
        <Table striped withTableBorder withColumnBorders fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {(head ?? []).map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                <Table.Th key={i}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {body.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
              <Table.Tr key={r}>
                {row.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                  <Table.Td key={i} style={{ whiteSpace: 'pre-wrap' }}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {note && <Text size="sm">{note}</Text>}
    </Stack>
  );
}

/** A spreadsheet's first sheets, one tab each (the first row as the header), saying what is cut. */
export function SheetTables({ sheets, totalSheets }: { sheets: PreviewSheet[]; totalSheets: number }) {
  const more = moreSheetsNote(sheets.length, totalSheets);
  if (sheets.length <= 1) {
    const [only] = sheets;
    return only ? <SheetTable sheet={only} /> : <Text size="sm">This spreadsheet has no sheets.</Text>;
  }
  return (
    <Stack gap="xs">
      <Tabs defaultValue="0" keepMounted={false}>
        <Tabs.List>
          {sheets.map((sheet, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two sheets may share a name.
            <Tabs.Tab key={i} value={String(i)}>
              {sheet.name || `Sheet ${i + 1}`}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {sheets.map((sheet, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two sheets may share a name.
          <Tabs.Panel key={i} value={String(i)} pt="sm">
            <SheetTable sheet={sheet} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {more && <Text size="sm">{more}</Text>}
    </Stack>
  );
}
